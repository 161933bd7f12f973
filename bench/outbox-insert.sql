-- One guest enquiry as api-service's intake writes it: the enquiry and its outbox event in one
-- transaction. pgbench substitutes :owner and :property (quoted UUIDs).
with e as (
    insert into enquiries (id, property_id, owner_id, subject, message, status, user_name, user_email,
                           group_size, check_in, check_out, sent_at, updated_at)
    values (gen_random_uuid(), :property, :owner, 'Benchmark', 'Is it free?', 'sent', 'Bench Guest',
            'bench@example.com', 2, date '2027-01-01', date '2027-01-03', now(), now())
    returning id, property_id, sent_at)
insert into outbox (id, aggregate_type, aggregate_id, event_type, payload, request_id)
select gen_random_uuid(), 'enquiry', e.id, 'enquiry.created',
       json_build_object('event', 'enquiry.created', 'enquiry_id', e.id, 'property_id', e.property_id,
                         'property_title', 'Seaview Cottage', 'property_url', 'https://www.holidaylistings.example/properties/bench',
                         'owner_email', 'demo-owner@example.com', 'subject', 'Benchmark', 'message', 'Is it free?',
                         'status', 'sent', 'sent_at', e.sent_at, 'user_name', 'Bench Guest',
                         'user_email', 'bench@example.com',
                         'party_details', json_build_object('group_size', 2, 'check_in', '2027-01-01',
                                                            'check_out', '2027-01-03', 'occasion', null)),
       'bench'
  from e;
