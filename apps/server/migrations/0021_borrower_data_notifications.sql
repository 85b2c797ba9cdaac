-- Change notifications for the borrower's own lists (issue 18, decision 007): what the borrower's pages list
-- besides one order (my loans, home, offers, the confirmation's offer, coupon and Key Facts Statement, the
-- complaints) is announced as 'borrower-data:<borrower id>' on commit, whichever process wrote it, so that the
-- server processes can keep those reads between changes. Complaint types, one list for everyone, are announced
-- as 'complaint-types:*'. The orders keep their 'order:<id>' announcement as well. Every table here has a
-- borrower_id column, read directly (not through to_jsonb of the row, which would copy an image's bytes).
CREATE OR REPLACE FUNCTION presta_notify_borrower_data() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('presta_changes', 'borrower-data:' || OLD.borrower_id);
  ELSE
    PERFORM pg_notify('presta_changes', 'borrower-data:' || NEW.borrower_id);
    IF TG_OP = 'UPDATE' AND OLD.borrower_id IS DISTINCT FROM NEW.borrower_id THEN
      PERFORM pg_notify('presta_changes', 'borrower-data:' || OLD.borrower_id);
    END IF;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER orders_notify_borrower_data AFTER INSERT OR UPDATE OR DELETE ON orders
  FOR EACH ROW EXECUTE FUNCTION presta_notify_borrower_data();
--> statement-breakpoint
CREATE TRIGGER product_offers_notify_borrower_data AFTER INSERT OR UPDATE OR DELETE ON product_offers
  FOR EACH ROW EXECUTE FUNCTION presta_notify_borrower_data();
--> statement-breakpoint
CREATE TRIGGER coupons_notify_borrower_data AFTER INSERT OR UPDATE OR DELETE ON coupons
  FOR EACH ROW EXECUTE FUNCTION presta_notify_borrower_data();
--> statement-breakpoint
CREATE TRIGGER key_facts_statements_notify_borrower_data AFTER INSERT OR UPDATE OR DELETE ON key_facts_statements
  FOR EACH ROW EXECUTE FUNCTION presta_notify_borrower_data();
--> statement-breakpoint
CREATE TRIGGER complaints_notify_borrower_data AFTER INSERT OR UPDATE OR DELETE ON complaints
  FOR EACH ROW EXECUTE FUNCTION presta_notify_borrower_data();
--> statement-breakpoint
CREATE TRIGGER complaint_images_notify_borrower_data AFTER INSERT OR UPDATE OR DELETE ON complaint_images
  FOR EACH ROW EXECUTE FUNCTION presta_notify_borrower_data();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION presta_notify_complaint_types() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('presta_changes', 'complaint-types:*');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER complaint_types_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON complaint_types
  FOR EACH STATEMENT EXECUTE FUNCTION presta_notify_complaint_types();
