-- Reserved: another branch adds migration 0008 (the learn branch was told
-- to number its migration 0009). When the branches are merged, this file
-- gives way to that one.
SELECT 1;
