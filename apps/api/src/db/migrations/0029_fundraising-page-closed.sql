-- A fundraising page its owner closed (decision 110, amended): it stays with what was pledged
-- through it, and a new pledge through its link is the campaign's alone.
ALTER TABLE "fundraising_pages" ADD COLUMN "closed_at" timestamp with time zone;
