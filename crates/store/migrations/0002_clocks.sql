-- clocks of human games, and an index for finding running games.
ALTER TABLE games ADD COLUMN clock_initial_ms BIGINT;
ALTER TABLE games ADD COLUMN clock_increment_ms BIGINT;
ALTER TABLE moves ADD COLUMN remaining_ms BIGINT;
CREATE INDEX games_running ON games(id) WHERE result IS NULL;
