-- whether the game a seek or challenge makes allows takeback requests; existing ones keep what they got before (allowed in casual games, not in rated ones).
ALTER TABLE seeks ADD COLUMN takebacks BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE challenges ADD COLUMN takebacks BOOLEAN NOT NULL DEFAULT FALSE;
UPDATE seeks SET takebacks = NOT rated;
UPDATE challenges SET takebacks = NOT rated;
