-- placeholder on branch corresp for the migration 0009 of another branch (clocks); delete it on merge.
SELECT 1;
