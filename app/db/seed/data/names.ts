// Name and address material for the demo directory. Domains end in .example (RFC 2606), so no demo
// email can reach a real mailbox even with SMTP configured; phones use the fictional 555-01xx range.

export const GIVEN_FEMALE = [
  'Mary', 'Patricia', 'Jennifer', 'Linda', 'Elizabeth', 'Barbara', 'Susan', 'Jessica', 'Sarah', 'Karen',
  'Lisa', 'Nancy', 'Sandra', 'Ashley', 'Emily', 'Michelle', 'Amanda', 'Melissa', 'Deborah', 'Laura',
  'Rebecca', 'Sharon', 'Cynthia', 'Kathleen', 'Amy', 'Angela', 'Anna', 'Brenda', 'Nicole', 'Rachel',
  'Catherine', 'Maria', 'Priya', 'Mei', 'Aisha', 'Sofia', 'Camila', 'Olivia', 'Hannah', 'Grace',
] as const

export const GIVEN_MALE = [
  'James', 'Robert', 'John', 'Michael', 'David', 'William', 'Richard', 'Joseph', 'Thomas', 'Charles',
  'Christopher', 'Daniel', 'Matthew', 'Anthony', 'Mark', 'Donald', 'Steven', 'Paul', 'Andrew', 'Joshua',
  'Kenneth', 'Kevin', 'Brian', 'George', 'Timothy', 'Ronald', 'Edward', 'Jason', 'Jeffrey', 'Ryan',
  'Jacob', 'Gary', 'Nicholas', 'Eric', 'Luis', 'Carlos', 'Raj', 'Wei', 'Omar', 'Samuel',
] as const

export const SURNAMES = [
  'Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Garcia', 'Miller', 'Davis', 'Rodriguez', 'Martinez',
  'Hernandez', 'Lopez', 'Gonzalez', 'Wilson', 'Anderson', 'Thomas', 'Taylor', 'Moore', 'Jackson', 'Martin',
  'Lee', 'Perez', 'Thompson', 'White', 'Harris', 'Sanchez', 'Clark', 'Ramirez', 'Lewis', 'Robinson',
  'Walker', 'Young', 'Allen', 'King', 'Wright', 'Scott', 'Torres', 'Nguyen', 'Hill', 'Flores',
  'Green', 'Adams', 'Nelson', 'Baker', 'Hall', 'Rivera', 'Campbell', 'Mitchell', 'Carter', 'Roberts',
  'Gomez', 'Phillips', 'Evans', 'Turner', 'Diaz', 'Parker', 'Cruz', 'Edwards', 'Collins', 'Reyes',
  'Stewart', 'Morris', 'Morales', 'Murphy', 'Cook', 'Rogers', 'Gutierrez', 'Ortiz', 'Morgan', 'Cooper',
  'Peterson', 'Bailey', 'Reed', 'Kelly', 'Howard', 'Ramos', 'Kim', 'Cox', 'Ward', 'Richardson',
  'Watson', 'Brooks', 'Chavez', 'Wood', 'James', 'Bennett', 'Gray', 'Mendoza', 'Ruiz', 'Hughes',
  'Price', 'Alvarez', 'Castillo', 'Sanders', 'Patel', 'Myers', 'Long', 'Ross', 'Foster', 'Jimenez',
  'Powell', 'Jenkins', 'Perry', 'Russell', 'Sullivan', 'Bell', 'Coleman', 'Butler', 'Henderson', 'Barnes',
  'Fisher', 'Vasquez', 'Simmons', 'Romero', 'Jordan', 'Patterson', 'Alexander', 'Hamilton', 'Graham', 'Reynolds',
  'Griffin', 'Wallace', 'Moreno', 'West', 'Cole', 'Hayes', 'Bryant', 'Herrera', 'Gibson', 'Ellis',
  'Tran', 'Medina', 'Aguilar', 'Stevens', 'Murray', 'Ford', 'Castro', 'Marshall', 'Owens', 'Harrison',
  'Fernandez', 'McDonald', 'Woods', 'Washington', 'Kennedy', 'Wells', 'Vargas', 'Henry', 'Chen', 'Freeman',
  'Webb', 'Tucker', 'Guzman', 'Burns', 'Crawford', 'Olson', 'Simpson', 'Porter', 'Hunter', 'Gordon',
  "O'Brien", 'Whitfield', 'Ashworth', 'Pemberton', 'Kowalski', 'Lindqvist', 'Okafor', 'Haddad', 'Novak', 'Fitzgerald',
] as const

export const SUFFIXES = ['Jr.', 'Sr.', 'II', 'III'] as const

export const STREETS = [
  'Main Street', 'Commerce Street', 'Market Street', 'Congress Avenue', 'Broadway', 'Elm Street',
  'Oak Avenue', 'Maple Drive', 'Washington Avenue', 'Jefferson Boulevard', 'Park Place', 'Lake Shore Drive',
  'Court Street', 'Church Street', 'Highland Avenue', 'Center Street', 'Franklin Street', 'Lincoln Way',
  'Madison Avenue', 'Peachtree Street', 'Travis Street', 'Louisiana Street', 'Wilshire Boulevard',
  'Brickell Avenue', 'LaSalle Street', 'Michigan Avenue', 'State Street', 'Pine Street', 'Spring Street',
  'Riverside Drive', 'Cedar Lane', 'Cypress Creek Parkway', 'Olive Street', 'Walnut Street',
] as const

export const SUITES = ['Suite 100', 'Suite 200', 'Suite 210', 'Suite 300', 'Suite 450', 'Floor 12', 'Suite 1500', 'Suite 2200'] as const

export interface Place {
  city: string
  state: string
  /** First three digits of the ZIP codes used for the city. */
  zip3: string
  areaCode: string
  /** Relative frequency of firms there. */
  weight: number
}

export const PLACES: readonly Place[] = [
  { city: 'Houston', state: 'TX', zip3: '770', areaCode: '713', weight: 9 },
  { city: 'Dallas', state: 'TX', zip3: '752', areaCode: '214', weight: 8 },
  { city: 'Austin', state: 'TX', zip3: '787', areaCode: '512', weight: 6 },
  { city: 'San Antonio', state: 'TX', zip3: '782', areaCode: '210', weight: 5 },
  { city: 'Fort Worth', state: 'TX', zip3: '761', areaCode: '817', weight: 3 },
  { city: 'Los Angeles', state: 'CA', zip3: '900', areaCode: '213', weight: 6 },
  { city: 'San Diego', state: 'CA', zip3: '921', areaCode: '619', weight: 3 },
  { city: 'San Francisco', state: 'CA', zip3: '941', areaCode: '415', weight: 3 },
  { city: 'Sacramento', state: 'CA', zip3: '958', areaCode: '916', weight: 2 },
  { city: 'Miami', state: 'FL', zip3: '331', areaCode: '305', weight: 4 },
  { city: 'Tampa', state: 'FL', zip3: '336', areaCode: '813', weight: 3 },
  { city: 'Orlando', state: 'FL', zip3: '328', areaCode: '407', weight: 3 },
  { city: 'Jacksonville', state: 'FL', zip3: '322', areaCode: '904', weight: 2 },
  { city: 'New York', state: 'NY', zip3: '100', areaCode: '212', weight: 5 },
  { city: 'Buffalo', state: 'NY', zip3: '142', areaCode: '716', weight: 1 },
  { city: 'Albany', state: 'NY', zip3: '122', areaCode: '518', weight: 1 },
  { city: 'Chicago', state: 'IL', zip3: '606', areaCode: '312', weight: 4 },
  { city: 'Springfield', state: 'IL', zip3: '627', areaCode: '217', weight: 1 },
  { city: 'Atlanta', state: 'GA', zip3: '303', areaCode: '404', weight: 3 },
  { city: 'Charlotte', state: 'NC', zip3: '282', areaCode: '704', weight: 2 },
  { city: 'Raleigh', state: 'NC', zip3: '276', areaCode: '919', weight: 1 },
  { city: 'Phoenix', state: 'AZ', zip3: '850', areaCode: '602', weight: 2 },
  { city: 'Denver', state: 'CO', zip3: '802', areaCode: '303', weight: 2 },
  { city: 'Seattle', state: 'WA', zip3: '981', areaCode: '206', weight: 2 },
  { city: 'Portland', state: 'OR', zip3: '972', areaCode: '503', weight: 1 },
  { city: 'Boston', state: 'MA', zip3: '021', areaCode: '617', weight: 2 },
  { city: 'Philadelphia', state: 'PA', zip3: '191', areaCode: '215', weight: 2 },
  { city: 'Pittsburgh', state: 'PA', zip3: '152', areaCode: '412', weight: 1 },
  { city: 'Newark', state: 'NJ', zip3: '071', areaCode: '973', weight: 1 },
  { city: 'Columbus', state: 'OH', zip3: '432', areaCode: '614', weight: 1 },
  { city: 'Cleveland', state: 'OH', zip3: '441', areaCode: '216', weight: 1 },
  { city: 'Nashville', state: 'TN', zip3: '372', areaCode: '615', weight: 2 },
  { city: 'New Orleans', state: 'LA', zip3: '701', areaCode: '504', weight: 2 },
  { city: 'Baton Rouge', state: 'LA', zip3: '708', areaCode: '225', weight: 1 },
  { city: 'Oklahoma City', state: 'OK', zip3: '731', areaCode: '405', weight: 1 },
  { city: 'Las Vegas', state: 'NV', zip3: '891', areaCode: '702', weight: 1 },
  { city: 'Salt Lake City', state: 'UT', zip3: '841', areaCode: '801', weight: 1 },
  { city: 'Minneapolis', state: 'MN', zip3: '554', areaCode: '612', weight: 1 },
  { city: 'Kansas City', state: 'MO', zip3: '641', areaCode: '816', weight: 1 },
  { city: 'Birmingham', state: 'AL', zip3: '352', areaCode: '205', weight: 1 },
  { city: 'Little Rock', state: 'AR', zip3: '722', areaCode: '501', weight: 1 },
  { city: 'Jackson', state: 'MS', zip3: '392', areaCode: '601', weight: 1 },
  { city: 'Washington', state: 'DC', zip3: '200', areaCode: '202', weight: 2 },
  { city: 'Baltimore', state: 'MD', zip3: '212', areaCode: '410', weight: 1 },
  { city: 'Richmond', state: 'VA', zip3: '232', areaCode: '804', weight: 1 },
  { city: 'Milwaukee', state: 'WI', zip3: '532', areaCode: '414', weight: 1 },
  { city: 'Boise', state: 'ID', zip3: '837', areaCode: '208', weight: 1 },
  { city: 'Albuquerque', state: 'NM', zip3: '871', areaCode: '505', weight: 1 },
]
