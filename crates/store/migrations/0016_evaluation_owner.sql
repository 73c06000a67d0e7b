-- the client that asked for an evaluation (`account:<id>` or `address:<ip or /64>`), so that a queue taken up
-- after a restart keeps its per-client quota and fair share; NULL for requests stored before.
ALTER TABLE evaluation_jobs ADD COLUMN owner TEXT;
