/**
 * Every scope (named access right) the product knows, with the description shown in the Roles
 * screen. The description's first word is the scope's type (spec 1 §3: "type from description").
 */
export const SCOPE_DESCRIPTIONS = {
  'bindauthority-view': 'View: Bind Authority Production report',
  'bordereau-view': 'View: Bordereaux report',
  'bordereau-download': 'Other: download Bordereaux as CSV',
  'report-view': 'View: aggregate reports',
  'contact-view': 'View: contacts list',
  'claim-view': 'View: claims search, claim view, Loss Run and Renewal reports',
  'person-view': 'View: open the Edit Person screen',
  'firm-view': 'View: firms search and jobs',
  'policy-edit': 'Edit: policies',
  'firm-edit': 'Edit: firms, firm file descriptions and types',
  'claim-edit': 'Edit: claims',
  'contact-edit': 'Edit: contacts',
  'note-edit': 'Edit: create, copy and edit notes',
  'person-edit': 'Edit: people and firm members',
  'job-override': "Override: see and choose other users' jobs",
  'hours-override': "Override: see other users' hours",
  'people-edit': 'Override: create people on People Search',
  'member-override': 'Override: delete firm members and people',
  'people-override': 'Override: delete people on People Search',
  'firmfile-override': 'Override: file type Form',
  'person-override': 'Override: delete firm members',
  'email-send': 'Other: send email from notes',
  'firmfile-upload': 'Other: upload files',
  'calculate-commissions': 'Other: commission calculator on policies',
  'mgacommission-manage': 'Administration: MGA commission rates',
  'mgabilling-manage': 'Administration: MGA billing entities',
  'producercommission-manage': 'Administration: producer commission rates',
  'role-edit': 'Administration: users, groups and scopes',
  'tax-manage': 'Administration: state tax rates',
} as const

export type Scope = keyof typeof SCOPE_DESCRIPTIONS
export const SCOPES = Object.keys(SCOPE_DESCRIPTIONS) as Scope[]

export function isScope(name: string): name is Scope {
  return Object.prototype.hasOwnProperty.call(SCOPE_DESCRIPTIONS, name)
}

/** The group with the extra powers of spec 1 §6. */
export const ADMIN_GROUP = 'admin'
