-- What each account's address looks like: its confusable skeleton (Unicode TR39, computed by
-- the service, `EmailAddress::skeleton`). An address with any character outside ASCII is
-- refused when an account's address has its skeleton, so a Cyrillic letter or a Unicode
-- hyphen cannot make a second account of one look. Not unique: two plain ASCII addresses of
-- one skeleton (bob1@ and bobl@) are two people's. Accounts made before this migration get
-- theirs from the service when it next migrates.
ALTER TABLE users ADD COLUMN email_skeleton TEXT;
CREATE INDEX users_by_email_skeleton ON users (email_skeleton);
