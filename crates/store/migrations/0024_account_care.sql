-- the care of an account by its owner, and whether a seat's rating was provisional when the seat was taken (shown as "1500?" while the game is played): the hash of its one-time recovery code (none before one is made), when it was closed (none while open: a closed account keeps its name, games and ratings but signs in no more), and its settings kept on the account (a JSON object the server checks, none until first saved).
ALTER TABLE accounts ADD COLUMN recovery_hash TEXT;
ALTER TABLE accounts ADD COLUMN closed_ms BIGINT;
ALTER TABLE accounts ADD COLUMN settings TEXT;
ALTER TABLE seats ADD COLUMN provisional BOOLEAN NOT NULL DEFAULT FALSE;
