-- bot accounts (the Bot API's: an account turned into a bot plays only by its program) and personal API tokens, stored as the hash of their secret with the scopes they grant.
ALTER TABLE accounts ADD COLUMN bot BOOLEAN NOT NULL DEFAULT FALSE;
CREATE TABLE api_tokens (
    id TEXT PRIMARY KEY,
    account_id TEXT NOT NULL REFERENCES accounts(id),
    secret_hash TEXT NOT NULL UNIQUE,
    description TEXT NOT NULL,
    scopes TEXT NOT NULL,
    created_ms BIGINT NOT NULL
);
CREATE INDEX api_tokens_account ON api_tokens(account_id, created_ms);
