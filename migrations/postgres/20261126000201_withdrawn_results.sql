-- A captain may withdraw their side's submission until the other side has confirmed it: the
-- version stays, no longer current, and the audit log says so.
ALTER TABLE result_events DROP CONSTRAINT result_events_action_check;
ALTER TABLE result_events ADD CONSTRAINT result_events_action_check
    CHECK (action IN ('submitted', 'confirmed', 'disputed', 'corrected', 'withdrawn'));
