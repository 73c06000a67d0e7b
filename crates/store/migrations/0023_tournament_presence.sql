-- Whether a tournament's player left its pages (the tournament's page and
-- its games): an arena pairs only players who are there.
ALTER TABLE tournament_players ADD COLUMN away BOOLEAN NOT NULL DEFAULT FALSE;
