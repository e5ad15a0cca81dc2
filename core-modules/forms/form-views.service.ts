import type { ConsolePrincipal } from '../../kernel/auth/principal.js';
import { invalidInput, notFound } from '../../kernel/errors.js';
import { type View, viewFields, viewProblem, viewWire } from './form-output.js';
import type { FormDefinitionsDeps } from './form-definitions-deps.js';

type Deps = Pick<FormDefinitionsDeps, 'db' | 'formsRepository' | 'formViewsRepository' | 'formsService' | 'dataSourceLibrary'>;

/** The most views a form keeps, as the reference has it: each is a dataset screens get. */
export const MAX_VIEWS = 32;

/** A form's saved views: each one a dataset of its output, kept by those who manage the form. */
export class FormViewsService {
  constructor(private readonly d: Deps) {}

  async list(p: ConsolePrincipal, id: string) {
    await this.d.formsService.context(p, id, 'view_all');
    return (await this.d.formViewsRepository.list(id)).map(viewWire);
  }

  /** Saves a view under its key (a new one, or the one with that key replaced); screens follow. */
  async save(p: ConsolePrincipal, id: string, view: View, ip: string) {
    await this.d.formsService.context(p, id, 'manage');
    const saved = await this.d.db.transaction(async (trx) => {
      // Under the definition's lock, so the workflow and fields checked are those the view is saved with.
      const definition = (await this.d.formsRepository.definition(id, trx, true))!;
      const schema = (await this.d.formsRepository.latestRevision(id, trx))?.schema ?? definition.draft_schema;
      const problem = viewProblem(view, schema, definition.workflow);
      if (problem) throw invalidInput('validation_failed', problem, 'body');
      const views = await this.d.formViewsRepository.list(id, trx);
      if (views.length >= MAX_VIEWS && !views.some((v) => v.key === view.key)) {
        throw invalidInput('validation_failed', `A form keeps at most ${MAX_VIEWS} views.`, 'body/key');
      }
      const row = await this.d.formViewsRepository.save(id, viewFields(view), trx);
      await this.d.formsService.audit('form.view_saved', p, ip, id, trx, { view: row.key });
      return row;
    });
    await this.d.dataSourceLibrary.refresh(id);
    return viewWire(saved);
  }

  async remove(p: ConsolePrincipal, id: string, viewId: string, ip: string) {
    await this.d.formsService.context(p, id, 'manage');
    await this.d.db.transaction(async (trx) => {
      await this.d.formsRepository.definition(id, trx, true);
      const key = await this.d.formViewsRepository.remove(id, viewId, trx);
      if (!key) throw notFound('not_found', 'The form has no such view.');
      await this.d.formsService.audit('form.view_deleted', p, ip, id, trx, { view: key });
    });
    await this.d.dataSourceLibrary.refresh(id);
  }
}
