-- Issue 38: a rendered agreement is kept as it was shown and signed. Its bytes, hash and figures never change
-- (a change is a new document) and no document, signature or time-stamp is ever deleted.
CREATE FUNCTION agreement_documents_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'agreement rows are never deleted' USING ERRCODE = 'restrict_violation';
  END IF;
  IF NEW.pdf IS DISTINCT FROM OLD.pdf OR NEW.sha256 IS DISTINCT FROM OLD.sha256 OR NEW.figures IS DISTINCT FROM OLD.figures
     OR NEW.document_no IS DISTINCT FROM OLD.document_no OR NEW.borrower_id IS DISTINCT FROM OLD.borrower_id
     OR NEW.amount IS DISTINCT FROM OLD.amount OR NEW.periods IS DISTINCT FROM OLD.periods OR NEW.lang IS DISTINCT FROM OLD.lang THEN
    RAISE EXCEPTION 'an agreement document is immutable: render a new version' USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER agreement_documents_immutable BEFORE UPDATE OR DELETE ON agreement_documents
  FOR EACH ROW EXECUTE FUNCTION agreement_documents_immutable();
--> statement-breakpoint
CREATE FUNCTION agreement_evidence_kept() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'agreement evidence is never deleted' USING ERRCODE = 'restrict_violation';
END $$;
--> statement-breakpoint
CREATE TRIGGER agreement_signatures_kept BEFORE DELETE ON agreement_signatures
  FOR EACH ROW EXECUTE FUNCTION agreement_evidence_kept();
--> statement-breakpoint
CREATE TRIGGER agreement_timestamps_kept BEFORE DELETE ON agreement_timestamps
  FOR EACH ROW EXECUTE FUNCTION agreement_evidence_kept();
