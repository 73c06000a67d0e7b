-- correspondence: days per move of a game and the stored deadline of its side to move, days per move of a seek; indexes for the deadlines to enforce and for the search of finished games.
ALTER TABLE games ADD COLUMN days_per_move BIGINT;
ALTER TABLE games ADD COLUMN deadline_ms BIGINT;
ALTER TABLE seeks ADD COLUMN days_per_move BIGINT;
CREATE INDEX games_deadline ON games(deadline_ms) WHERE result IS NULL AND deadline_ms IS NOT NULL;
CREATE INDEX games_finished ON games(created_ms) WHERE result IS NOT NULL;
