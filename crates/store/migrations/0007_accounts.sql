-- accounts, their sessions and Glicko-2 ratings per game, seats bound to accounts (with the rating before and after a rated game), rated games, and seeks.
CREATE TABLE accounts (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    name_key TEXT NOT NULL UNIQUE,
    password_hash TEXT NOT NULL,
    created_ms BIGINT NOT NULL
);
CREATE TABLE sessions (
    id_hash TEXT PRIMARY KEY,
    account_id TEXT NOT NULL REFERENCES accounts(id),
    expires_ms BIGINT NOT NULL
);
CREATE INDEX sessions_account ON sessions(account_id);
CREATE TABLE ratings (
    account_id TEXT NOT NULL REFERENCES accounts(id),
    game TEXT NOT NULL,
    rating DOUBLE PRECISION NOT NULL,
    deviation DOUBLE PRECISION NOT NULL,
    volatility DOUBLE PRECISION NOT NULL,
    games BIGINT NOT NULL,
    PRIMARY KEY (account_id, game)
);
CREATE TABLE seeks (
    id TEXT PRIMARY KEY,
    account_id TEXT NOT NULL REFERENCES accounts(id),
    game TEXT NOT NULL,
    options TEXT NOT NULL,
    clock_initial_ms BIGINT,
    clock_increment_ms BIGINT,
    rated BOOLEAN NOT NULL,
    side TEXT NOT NULL,
    created_ms BIGINT NOT NULL,
    game_id TEXT
);
ALTER TABLE seats ADD COLUMN account_id TEXT REFERENCES accounts(id);
ALTER TABLE seats ADD COLUMN rating_before DOUBLE PRECISION;
ALTER TABLE seats ADD COLUMN rating_after DOUBLE PRECISION;
ALTER TABLE games ADD COLUMN rated BOOLEAN NOT NULL DEFAULT FALSE;
CREATE INDEX seats_account ON seats(account_id) WHERE account_id IS NOT NULL;
