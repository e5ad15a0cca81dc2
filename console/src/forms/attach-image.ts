import { api } from '../api/client';

/** A file's bytes as base64, the way the attachment route takes them. */
function base64Of(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/** Puts an image in a record's image field; answers the record's new version. */
export async function attachImage(formId: string, recordId: string, fieldKey: string, file: File, version: number): Promise<number> {
  const { data, error } = await api.POST('/api/v1/data-sources/{id}/records/{recordId}/attachments', {
    params: { path: { id: formId, recordId } },
    body: { fieldKey, fileName: file.name, data: await base64Of(file), version },
  });
  if (error) throw error;
  return data.data.version;
}
