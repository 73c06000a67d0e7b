-- the version of every game, checked and counted by every change.
ALTER TABLE games ADD COLUMN version BIGINT NOT NULL DEFAULT 0;
