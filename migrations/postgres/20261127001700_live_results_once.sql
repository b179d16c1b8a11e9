-- A first submission moves its fixture's status, whose trigger already writes the fixture's
-- change line: the result's own line is written only for a later version (a correction, which
-- keeps the status), so a submission writes one line, not two. Each line costs a league night's
-- concurrent submissions about an eighth of their throughput (BENCHMARKS.md, "Live").
DROP TRIGGER results_live ON results;
CREATE TRIGGER results_live AFTER INSERT ON results
    FOR EACH ROW WHEN (NEW.version > 1) EXECUTE FUNCTION live_result_change();
