-- The counts behind the mail limits, each over the last hour: the messages queued to an
-- address, and the invitations an organisation has made (of captains and of organisers).
CREATE INDEX mail_outbox_by_recipient ON mail_outbox (recipient, queued_at);
CREATE INDEX organiser_invites_by_organisation ON organiser_invites (organisation_id, created_at);
CREATE INDEX captain_invites_by_team ON captain_invites (team_id, created_at);
