import { TableModel } from '../../../../kernel/db/table-model.js';

export const COOKIE_POLICIES = ['disabled', 'first_party', 'first_and_third_party'] as const;
export const RELOAD_POLICIES = ['load_once', 'on_each_activation', 'interval'] as const;
export const FAILURE_BEHAVIORS = ['last_success', 'placeholder', 'fallback_image', 'skip'] as const;

export interface WebsiteRow {
  asset_id: string;
  url: string;
  display_url: string | null;
  allowed_hosts: string[];
  javascript_enabled: boolean;
  dom_storage_enabled: boolean;
  cookie_policy: (typeof COOKIE_POLICIES)[number];
  reload_policy: (typeof RELOAD_POLICIES)[number];
  refresh_interval_seconds: number | null;
  load_timeout_seconds: number;
  zoom_percent: number;
  scroll_x: number;
  scroll_y: number;
  custom_user_agent: string | null;
  background_color: string | null;
  failure_behavior: (typeof FAILURE_BEHAVIORS)[number];
  fallback_image_asset_id: string | null;
}

export type WebsiteFields = Omit<WebsiteRow, 'asset_id'>;

/** A row of `website_assets`: what a website asset shows and how (one per website asset). */
export class WebsiteModel extends TableModel {
  static override tableName = 'website_assets';
  static override idColumn = 'asset_id';
}
export interface WebsiteModel extends WebsiteRow {}
