-- Swiss tournaments: a tournament's number of rounds (0 for an arena) and its days per move (correspondence rounds; the clock is then 0+0); each game's round (none in an arena); and each paired round with its time and the account that had the bye. A round is written once: of two server instances pairing it at once, only one does.
ALTER TABLE tournaments ADD COLUMN rounds BIGINT NOT NULL DEFAULT 0;
ALTER TABLE tournaments ADD COLUMN days_per_move BIGINT;
ALTER TABLE tournament_games ADD COLUMN round BIGINT;
CREATE TABLE tournament_rounds (
    tournament_id TEXT NOT NULL REFERENCES tournaments(id),
    round BIGINT NOT NULL,
    paired_ms BIGINT NOT NULL,
    bye_id TEXT REFERENCES accounts(id),
    PRIMARY KEY (tournament_id, round)
) WITHOUT ROWID;
