-- A captain's submission amended, or withdrawn, mails the other side: two more kinds of cause,
-- written by the amending or withdrawing transaction itself (neither changes the fixture's
-- status the way the trigger sees it).
ALTER TABLE mail_causes DROP CONSTRAINT mail_causes_kind_check;
ALTER TABLE mail_causes ADD CONSTRAINT mail_causes_kind_check
    CHECK (kind IN ('awaiting_confirmation', 'disputed', 'amended', 'withdrawn'));

-- An amendment is in the audit log as itself: the version it replaced and the new one.
ALTER TABLE result_events DROP CONSTRAINT result_events_action_check;
ALTER TABLE result_events ADD CONSTRAINT result_events_action_check CHECK (action IN
    ('submitted', 'confirmed', 'disputed', 'corrected', 'withdrawn', 'amended'));
