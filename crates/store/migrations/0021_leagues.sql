-- Correspondence leagues, one per registered game (named by the game's name): each league's seasons (number, status `signup`, `running` or `finished`, and the start time, none while the season before still runs); each season's members (who signed up when; their division, 0 the top one, and their place `seed` in it as the season before ended, none for a newcomer; from the start the division they play in; each division is one group); and the link of each league game to its season, division and round of the schedule (all of a season's games are made at its start). A season starts once: of two server instances starting it at once, only one moves its status on.
CREATE TABLE league_seasons (
    game TEXT NOT NULL,
    season BIGINT NOT NULL,
    status TEXT NOT NULL,
    starts_ms BIGINT,
    PRIMARY KEY (game, season)
) WITHOUT ROWID;
CREATE TABLE league_members (
    game TEXT NOT NULL,
    season BIGINT NOT NULL,
    account_id TEXT NOT NULL REFERENCES accounts(id),
    joined_ms BIGINT NOT NULL,
    seed BIGINT,
    division BIGINT,
    PRIMARY KEY (game, season, account_id)
) WITHOUT ROWID;
CREATE TABLE league_games (
    game_id TEXT PRIMARY KEY REFERENCES games(id),
    game TEXT NOT NULL,
    season BIGINT NOT NULL,
    division BIGINT NOT NULL,
    round BIGINT NOT NULL,
    white_id TEXT NOT NULL REFERENCES accounts(id),
    black_id TEXT NOT NULL REFERENCES accounts(id)
);
CREATE INDEX league_games_season ON league_games(game, season);
