-- Rate-limit counters are a minute's worth of counting: after a crash the database truncates an
-- unlogged table, which starts every window again, and that is harmless. In exchange a counter's
-- upsert writes no WAL, so its commit does not wait for a flush to disk (decision 119).
ALTER TABLE "rate_limit_counters" SET UNLOGGED;
