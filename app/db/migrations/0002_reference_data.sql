-- Reference data every database needs, demo or not: records reference these rows (firm and claim
-- states, tax rate roundings, session types written at logout, the idle form's activity types), and
-- the application relies on their ids and codes. The demo seed does not insert them again.

INSERT INTO "states" ("code", "name", "kind") VALUES
  ('AL', 'Alabama', 'state'), ('AK', 'Alaska', 'state'), ('AZ', 'Arizona', 'state'),
  ('AR', 'Arkansas', 'state'), ('CA', 'California', 'state'), ('CO', 'Colorado', 'state'),
  ('CT', 'Connecticut', 'state'), ('DE', 'Delaware', 'state'), ('FL', 'Florida', 'state'),
  ('GA', 'Georgia', 'state'), ('HI', 'Hawaii', 'state'), ('ID', 'Idaho', 'state'),
  ('IL', 'Illinois', 'state'), ('IN', 'Indiana', 'state'), ('IA', 'Iowa', 'state'),
  ('KS', 'Kansas', 'state'), ('KY', 'Kentucky', 'state'), ('LA', 'Louisiana', 'state'),
  ('ME', 'Maine', 'state'), ('MD', 'Maryland', 'state'), ('MA', 'Massachusetts', 'state'),
  ('MI', 'Michigan', 'state'), ('MN', 'Minnesota', 'state'), ('MS', 'Mississippi', 'state'),
  ('MO', 'Missouri', 'state'), ('MT', 'Montana', 'state'), ('NE', 'Nebraska', 'state'),
  ('NV', 'Nevada', 'state'), ('NH', 'New Hampshire', 'state'), ('NJ', 'New Jersey', 'state'),
  ('NM', 'New Mexico', 'state'), ('NY', 'New York', 'state'), ('NC', 'North Carolina', 'state'),
  ('ND', 'North Dakota', 'state'), ('OH', 'Ohio', 'state'), ('OK', 'Oklahoma', 'state'),
  ('OR', 'Oregon', 'state'), ('PA', 'Pennsylvania', 'state'), ('RI', 'Rhode Island', 'state'),
  ('SC', 'South Carolina', 'state'), ('SD', 'South Dakota', 'state'), ('TN', 'Tennessee', 'state'),
  ('TX', 'Texas', 'state'), ('UT', 'Utah', 'state'), ('VT', 'Vermont', 'state'),
  ('VA', 'Virginia', 'state'), ('WA', 'Washington', 'state'), ('WV', 'West Virginia', 'state'),
  ('WI', 'Wisconsin', 'state'), ('WY', 'Wyoming', 'state'),
  ('DC', 'District of Columbia', 'district'),
  ('AS', 'American Samoa', 'territory'), ('GU', 'Guam', 'territory'),
  ('MP', 'Northern Mariana Islands', 'territory'), ('PR', 'Puerto Rico', 'territory'),
  ('VI', 'U.S. Virgin Islands', 'territory');
--> statement-breakpoint
INSERT INTO "roundings" ("code", "description", "sort") VALUES
  ('CENT', 'Nearest cent', 1),
  ('UP_CENT', 'Up to the next cent', 2),
  ('DOLLAR', 'Nearest dollar', 3),
  ('UP_DOLLAR', 'Up to the next dollar', 4),
  ('DOWN_DOLLAR', 'Down to the dollar', 5),
  ('NONE', 'No rounding', 6);
--> statement-breakpoint
-- Ids are fixed: 1 and 2 are written by logout and timeout; the order is the hours search's.
INSERT INTO "session_types" ("id", "description") VALUES
  (1, 'Manual Logout'), (2, 'Automatic Logout'), (3, 'Vacation'), (4, 'Holiday'), (5, 'Floater'),
  (6, 'Sick Leave'), (7, 'Jury Duty'), (8, 'Unpaid Leave'), (9, 'Penalty'), (10, 'Personal'),
  (11, 'Combined');
--> statement-breakpoint
-- Id 1 requires a description on the idle relogin form (spec 1 §5).
INSERT INTO "session_note_types" ("id", "description") VALUES
  (1, 'Other (describe)'), (2, 'Phone call'), (3, 'Meeting'), (4, 'Break'), (5, 'Away from desk'),
  (6, 'Training');
