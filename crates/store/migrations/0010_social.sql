-- challenges by name, the spectators' chat of a game, and the accounts each account mutes in chats.
CREATE TABLE challenges (
    id TEXT PRIMARY KEY,
    challenger_id TEXT NOT NULL REFERENCES accounts(id),
    challenged_id TEXT NOT NULL REFERENCES accounts(id),
    game TEXT NOT NULL,
    options TEXT NOT NULL,
    clock_initial_ms BIGINT,
    clock_increment_ms BIGINT,
    rated BOOLEAN NOT NULL,
    side TEXT NOT NULL,
    created_ms BIGINT NOT NULL,
    expires_ms BIGINT NOT NULL,
    status TEXT NOT NULL,
    reason TEXT,
    game_id TEXT
);
CREATE INDEX challenges_challenger ON challenges(challenger_id, created_ms);
CREATE INDEX challenges_challenged ON challenges(challenged_id, created_ms);
CREATE TABLE spectator_chat (
    game_id TEXT NOT NULL REFERENCES games(id),
    seq INTEGER NOT NULL,
    account_id TEXT NOT NULL REFERENCES accounts(id),
    body TEXT NOT NULL,
    sent_ms BIGINT NOT NULL,
    PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;
CREATE TABLE chat_mutes (
    account_id TEXT NOT NULL REFERENCES accounts(id),
    muted_id TEXT NOT NULL REFERENCES accounts(id),
    muted_ms BIGINT NOT NULL,
    PRIMARY KEY (account_id, muted_id)
) WITHOUT ROWID;
