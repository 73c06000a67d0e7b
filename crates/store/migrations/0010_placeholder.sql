-- placeholder on branch corresp for the migration 0010 of another branch (social); delete it on merge.
SELECT 1;
