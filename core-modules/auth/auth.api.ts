// The auth module's public face.

/** The installation's organization, as other modules read it. */
export interface Organization {
  installationId: string;
  name: string | null;
  pairingEnabled: boolean;
}

/** Exported as `organization`. */
export interface OrganizationReader {
  get(): Promise<Organization>;
}
