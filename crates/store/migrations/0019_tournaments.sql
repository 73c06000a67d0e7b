-- arena tournaments (lichess's kind): the tournament with its game, clock, who may join (`bots`: no, welcome or only), rating range, start and duration; its players (joined or withdrawn, with their score and win streak as the standings last counted them, and their rating when joining); the link of each game it paired to it, with the outcome once scored; and its chat. `version` counts the pairings, so that of two server instances pairing at once only one does.
CREATE TABLE tournaments (
    id TEXT PRIMARY KEY,
    kind TEXT NOT NULL,
    name TEXT NOT NULL,
    game TEXT NOT NULL,
    clock_initial_ms BIGINT NOT NULL,
    clock_increment_ms BIGINT NOT NULL,
    rated BOOLEAN NOT NULL,
    bots TEXT NOT NULL,
    min_rating BIGINT,
    max_rating BIGINT,
    starts_ms BIGINT NOT NULL,
    duration_ms BIGINT NOT NULL,
    status TEXT NOT NULL,
    created_by TEXT NOT NULL REFERENCES accounts(id),
    created_ms BIGINT NOT NULL,
    winner_id TEXT REFERENCES accounts(id),
    version BIGINT NOT NULL
);
CREATE INDEX tournaments_status ON tournaments(status, starts_ms);
CREATE TABLE tournament_players (
    tournament_id TEXT NOT NULL REFERENCES tournaments(id),
    account_id TEXT NOT NULL REFERENCES accounts(id),
    rating DOUBLE PRECISION NOT NULL,
    joined_ms BIGINT NOT NULL,
    withdrawn BOOLEAN NOT NULL,
    score BIGINT NOT NULL,
    streak BIGINT NOT NULL,
    PRIMARY KEY (tournament_id, account_id)
) WITHOUT ROWID;
CREATE TABLE tournament_games (
    game_id TEXT PRIMARY KEY REFERENCES games(id),
    tournament_id TEXT NOT NULL REFERENCES tournaments(id),
    white_id TEXT NOT NULL REFERENCES accounts(id),
    black_id TEXT NOT NULL REFERENCES accounts(id),
    paired_ms BIGINT NOT NULL,
    white_outcome TEXT,
    scored_ms BIGINT
);
CREATE INDEX tournament_games_tournament ON tournament_games(tournament_id, paired_ms);
CREATE TABLE tournament_chat (
    tournament_id TEXT NOT NULL REFERENCES tournaments(id),
    sent_ms BIGINT NOT NULL,
    account_id TEXT NOT NULL REFERENCES accounts(id),
    body TEXT NOT NULL
);
CREATE INDEX tournament_chat_tournament ON tournament_chat(tournament_id, sent_ms);
