-- days per move of the correspondence game a challenge makes (instead of a clock).
ALTER TABLE challenges ADD COLUMN days_per_move BIGINT;
