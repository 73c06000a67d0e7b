-- lessons: the steps of a game's lesson each account has finished.
CREATE TABLE lesson_progress (
    account_id TEXT NOT NULL REFERENCES accounts(id),
    game TEXT NOT NULL,
    step TEXT NOT NULL,
    done_ms BIGINT NOT NULL,
    PRIMARY KEY (account_id, game, step)
);
