-- the lobby's order and side to move, kept with every move.
ALTER TABLE games ADD COLUMN updated_ms BIGINT;
ALTER TABLE games ADD COLUMN to_move TEXT;
UPDATE games SET updated_ms =
    COALESCE((SELECT MAX(played_ms) FROM moves WHERE moves.game_id = games.id), created_ms);
CREATE INDEX games_lobby ON games(updated_ms) WHERE result IS NULL AND kind <> 'record';
