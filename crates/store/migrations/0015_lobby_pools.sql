-- the lobby: which accounts have a live lobby connection on which server instance (kept alive by the heartbeat of that instance), the quick-pairing pools (one entry per account, waiting for an opponent of that game and clock), and aborted or abandoned games recorded without a result (*), not as draws.
CREATE TABLE lobby_presence (
    account_id TEXT NOT NULL,
    instance TEXT NOT NULL,
    expires_ms BIGINT NOT NULL,
    PRIMARY KEY (account_id, instance)
);
CREATE TABLE pool_entries (
    account_id TEXT PRIMARY KEY REFERENCES accounts(id),
    game TEXT NOT NULL,
    clock_initial_ms BIGINT NOT NULL,
    clock_increment_ms BIGINT NOT NULL,
    rated BOOLEAN NOT NULL,
    rating DOUBLE PRECISION NOT NULL,
    joined_ms BIGINT NOT NULL
);
-- aborted and abandoned games end without a result: '*', not a draw.
UPDATE games SET result = '*' WHERE result IS NOT NULL AND reason IN ('aborted', 'abandoned');
