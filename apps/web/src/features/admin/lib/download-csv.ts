import { ApiError, refreshAccessToken, tokenStore } from '@/lib/api-client';

async function fetchCsv(path: string): Promise<Response> {
  const token = tokenStore.get();
  return fetch(`/api${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {}, credentials: 'include' });
}

/** Downloads a CSV export with the bearer token (a plain link would not carry it). */
export async function downloadCsv(path: string, fileName: string): Promise<void> {
  let response = await fetchCsv(path);
  if (response.status === 401 && (await refreshAccessToken())) response = await fetchCsv(path);
  if (!response.ok) throw new ApiError('The export could not be downloaded. Please try again.', response.status);
  saveText(await response.text(), fileName);
}

/** Offers text as a file download (also used for exports built in the browser). */
export function saveText(text: string, fileName: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
