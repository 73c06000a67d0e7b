-- lessons: the stars an account earned on each finished step (3 solved at the first try without help, 2 with a hint or after a wrong move, 1 after the solution was shown; 0 for a step finished before stars were kept). A step solved again keeps its best.
ALTER TABLE lesson_progress ADD COLUMN stars BIGINT NOT NULL DEFAULT 0;
