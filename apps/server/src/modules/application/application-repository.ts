import type { Db } from '../../db/database';
import { newestApplication, openApplication, type ApplicationRow } from './application-store';

declare module '../../plugins/app/repositories' {
  interface Repositories {
    applications: ApplicationRepository;
  }
}

/**
 * The borrower's credit application as the calls read it (issue 34). Not kept between calls: an application is
 * read by its borrower a few times while they apply, and every read must see their last save.
 */
export class ApplicationRepository {
  constructor(private readonly db: Db) {}

  /** The borrower's open application (draft, submitted, returned, in review, referred); undefined: none. */
  async open(borrowerId: number): Promise<ApplicationRow | undefined> {
    return openApplication(this.db, borrowerId);
  }

  /** The open application, else the newest decided one (home shows a decline's reasons); undefined: none. */
  async newest(borrowerId: number): Promise<ApplicationRow | undefined> {
    return newestApplication(this.db, borrowerId);
  }
}
