-- against abuse: the puzzle served last to each account per game (a rated attempt must answer it, late enough), and an index to delete old challenges by their expiry.
CREATE TABLE puzzle_servings (
    account_id TEXT NOT NULL REFERENCES accounts(id),
    game TEXT NOT NULL,
    puzzle_id TEXT NOT NULL,
    served_ms BIGINT NOT NULL,
    PRIMARY KEY (account_id, game)
) WITHOUT ROWID;
CREATE INDEX challenges_expires ON challenges(expires_ms);
