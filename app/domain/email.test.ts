import { describe, expect, it } from 'vitest'
import {
  CLOSING,
  DISCLAIMER,
  EMAIL_MESSAGES,
  FILES_LIST_HEADING,
  LICENSES_LABEL,
  MAX_RECIPIENTS,
  bodyIsEmpty,
  checkAddresses,
  cleanAddress,
  cleanSubject,
  composeEmail,
  displayName,
  formatMailbox,
  isSendIncomplete,
  noExtensionWarning,
  senderOf,
  type Company,
  type Signer,
} from './email'

const signer: Signer = {
  username: 'underwriter',
  longName: 'Ellen Brooks',
  email: 'underwriter@mga-desk.example',
  direct: '5125550110',
  ext: '110',
  company: 'Summit Professional Underwriters',
}
const company: Company = {
  name: 'Configured Co',
  addressLines: ['100 Congress Avenue, Suite 1200', 'Austin, TX 78701'],
  phone: '5125550100',
  website: 'https://summit.example',
  licensesUrl: 'https://summit.example/licenses',
}

describe('addresses', () => {
  it('accepts one bare address, trimming spaces around it', () => {
    expect(cleanAddress('jane.doe+quotes@firm-law.example.com')).toBe('jane.doe+quotes@firm-law.example.com')
    expect(cleanAddress('  jane@firm.example ')).toBe('jane@firm.example')
  })

  it.each([
    'jane@firm.example\r\nBcc: evil@x.example',
    'jane@firm.example\nBcc: evil@x.example',
    'jane@firm.example\r',
    '\r\njane@firm.example',
    'jane@firm.example, evil@x.example',
    'jane@firm.example;evil@x.example',
    'jane@firm.example evil@x.example',
    '"Evil" <evil@x.example>',
    'Jane <jane@firm.example>',
    '<jane@firm.example>',
    'jane@firm.example>',
    '"jane@firm.example"@x.example',
    'jane@firm.example\u0000',
    'jane@firm.example\u2028Bcc: evil@x.example',
    'jane(comment)@firm.example',
    'jane@localhost',
    'jane@@firm.example',
    'jane.@firm.example',
    '.jane@firm.example',
    '@firm.example',
    'jane@',
    '',
    `${'a'.repeat(250)}@x.example`,
  ])('refuses %j', (text) => {
    expect(cleanAddress(text)).toBeNull()
  })

  it('checks To, Cc and Bcc together: first bad one named, duplicates dropped, a cap on the count', () => {
    expect(
      checkAddresses({ to: ['a@x.example', 'A@x.example'], cc: ['a@x.example', 'b@x.example'], bcc: ['c@x.example'] }),
    ).toEqual({
      ok: true,
      to: ['a@x.example'],
      cc: ['b@x.example'],
      bcc: ['c@x.example'],
    })
    expect(checkAddresses({ to: ['a@x.example'], cc: [], bcc: ['ok@x.example\r\nBcc: evil@x.example'] })).toEqual({
      ok: false,
      message: EMAIL_MESSAGES.invalidAddress('ok@x.example\r\nBcc: evil@x.example'),
    })
    expect(EMAIL_MESSAGES.invalidAddress('ok@x.example\r\nBcc: evil@x')).toBe(
      '"ok@x.example��Bcc: evil@x" is not a valid email address.',
    )
    const many = Array.from({ length: MAX_RECIPIENTS + 1 }, (_, index) => `p${index}@x.example`)
    expect(checkAddresses({ to: many, cc: [], bcc: [] })).toEqual({
      ok: false,
      message: EMAIL_MESSAGES.tooManyRecipients,
    })
  })

  it('refuses a subject with line breaks or control characters, keeps tabs as spaces', () => {
    expect(cleanSubject('Renewal quote\r\nBcc: evil@x.example')).toBeNull()
    expect(cleanSubject('Renewal\nquote')).toBeNull()
    expect(cleanSubject('Renewal\u0085quote')).toBeNull()
    expect(cleanSubject('Renewal\u2028quote')).toBeNull()
    expect(cleanSubject('  Renewal\tquote – 2025 ')).toBe('Renewal quote – 2025')
  })

  it('makes display names single-line and quotes them safely', () => {
    expect(displayName('Ellen\r\nBcc: evil@x.example', 'underwriter')).toBe('Ellen Bcc: evil@x.example')
    expect(displayName('  ', 'underwriter')).toBe('underwriter')
    expect(formatMailbox('O"Brien \\ Co', 'a@x.example')).toBe('"O\\"Brien \\\\ Co" <a@x.example>')
  })
})

describe('sender', () => {
  it('sends from the signer address on the office domain, with the long name; replies go to the signer', () => {
    expect(senderOf(signer, 'mga-desk.example')).toEqual({
      from: { name: 'Ellen Brooks', address: 'underwriter@mga-desk.example' },
      replyTo: 'underwriter@mga-desk.example',
    })
  })

  it('sends from username@domain when the signer address is elsewhere or missing', () => {
    expect(senderOf({ ...signer, email: 'ellen@gmail.example' }, 'mga-desk.example')).toEqual({
      from: { name: 'Ellen Brooks', address: 'underwriter@mga-desk.example' },
      replyTo: 'ellen@gmail.example',
    })
    expect(senderOf({ ...signer, email: null, longName: null }, 'summit.example')).toEqual({
      from: { name: 'underwriter', address: 'underwriter@summit.example' },
      replyTo: null,
    })
    expect(senderOf({ ...signer, email: 'bad\r\nBcc: x@y.example' }, 'summit.example').replyTo).toBeNull()
  })
})

describe('required fields', () => {
  it('needs To, From, Re and a body with text', () => {
    const full = { to: ['a@x.example'], from: 'underwriter', subject: 'Quote', body: 'Hello', html: false }
    expect(isSendIncomplete(full)).toBe(false)
    expect(isSendIncomplete({ ...full, to: [] })).toBe(true)
    expect(isSendIncomplete({ ...full, from: ' ' })).toBe(true)
    expect(isSendIncomplete({ ...full, subject: '' })).toBe(true)
    expect(isSendIncomplete({ ...full, body: '  \n' })).toBe(true)
    expect(isSendIncomplete({ ...full, body: '<p><br></p>&nbsp;', html: true })).toBe(true)
    expect(bodyIsEmpty('<p>Hi</p>', true)).toBe(false)
  })
})

describe('composeEmail', () => {
  /** A plain-text 'Quote' from `signer` of `company`, with what a test changes. */
  const compose = (input: Partial<Parameters<typeof composeEmail>[0]>) =>
    composeEmail({
      signer,
      mailDomain: 'mga-desk.example',
      company,
      subject: 'Quote',
      body: 'Hello',
      html: false,
      ...input,
    })

  it('appends the closing with the long name, company block, licenses link and disclaimer to the text part', () => {
    const email = compose({ subject: 'Renewal quote', body: 'Dear Jane,\r\nPlease find the quote.\n' })
    expect(email.subject).toBe('Renewal quote')
    expect(email.text).toBe(
      [
        'Dear Jane,\nPlease find the quote.',
        `${CLOSING}\n\nEllen Brooks`,
        'Summit Professional Underwriters\n100 Congress Avenue, Suite 1200\nAustin, TX 78701\nMain (512) 555-0100 · Direct (512) 555-0110 ext. 110\nunderwriter@mga-desk.example\nhttps://summit.example',
        `${LICENSES_LABEL}: https://summit.example/licenses`,
        DISCLAIMER,
      ].join('\n\n'),
    )
  })

  it('appends the same blocks to the HTML part, escaping what it adds and turning plain lines into breaks', () => {
    const email = compose({
      signer: { ...signer, longName: 'Ellen <b>Brooks</b>', company: null },
      body: 'Line 1\nA < B & C',
    })
    expect(email.html).toContain('<div>Line 1<br>A &lt; B &amp; C</div>')
    expect(email.html).toContain(`<p>${CLOSING}</p>`)
    expect(email.html).toContain('<p><strong>Ellen &lt;b&gt;Brooks&lt;/b&gt;</strong></p>')
    expect(email.html).toContain(
      '<p class="company">Configured Co<br>100 Congress Avenue, Suite 1200<br>Austin, TX 78701<br>Main (512) 555-0100 · Direct (512) 555-0110 ext. 110<br>underwriter@mga-desk.example<br>https://summit.example</p>',
    )
    expect(email.html).toContain(`<a href="https://summit.example/licenses">${LICENSES_LABEL}</a>`)
    expect(email.html).toContain(DISCLAIMER.replace(/'/g, '&#39;'))
    expect(email.html.indexOf('Line 1')).toBeLessThan(email.html.indexOf(CLOSING))
    expect(email.from.name).toBe('Ellen <b>Brooks</b>')
  })

  it('keeps a (sanitised) HTML body as it is and derives the text part from it', () => {
    const email = compose({ body: '<p>Dear Jane,</p><p>See <b>attached</b>.</p>', html: true })
    expect(email.html).toContain('<div><p>Dear Jane,</p><p>See <b>attached</b>.</p></div>')
    expect(email.text.startsWith('Dear Jane,\nSee attached.\n\nBest regards,')).toBe(true)
  })

  it('lists the files in both parts when they are not attached', () => {
    const email = compose({
      listedFiles: [
        { filename: 'quote.pdf', description: 'Quote <2025>' },
        { filename: 'README', description: '' },
      ],
    })
    expect(email.text).toContain(`Hello\n\n${FILES_LIST_HEADING}\n- quote.pdf (Quote <2025>)\n- README\n\n${CLOSING}`)
    expect(email.html).toContain('<ul><li>quote.pdf (Quote &lt;2025&gt;)</li><li>README</li></ul>')
  })

  it('refuses to build a message whose subject would break the header', () => {
    expect(() => compose({ mailDomain: 'x.example', subject: 'Hi\r\nBcc: evil@x.example', body: 'b' })).toThrow(
      EMAIL_MESSAGES.invalidSubject,
    )
  })

  it('names the files left out for having no extension', () => {
    expect(
      noExtensionWarning([
        { filename: 'SCAN0001', description: 'Signed application' },
        { filename: 'notes', description: '' },
      ]),
    ).toBe('Files without an extension are not sent as attachments: SCAN0001 (Signed application), notes')
  })
})
