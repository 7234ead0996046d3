import { queryOptions, useQuery } from '@tanstack/react-query';
import { StatementYearsResponse } from '@pledgeway/domain/schemas/statements';
import { api, ApiError, refreshAccessToken, tokenStore } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/me/statements, read with the route's schema: the years with charges, newest first. */
export async function getStatementYears(signal?: AbortSignal) {
  return (await api.get(StatementYearsResponse, '/me/statements', signal, { what: 'your giving statements' })).data.years;
}

export const statementYearsQuery = () => queryOptions({ queryKey: queryKeys.statements, queryFn: ({ signal }) => getStatementYears(signal) });

export const useStatementYears = () => useQuery(statementYearsQuery());

const fetchPdf = (year: number) => {
  const token = tokenStore.get();
  return fetch(`/api/me/statements/${year}.pdf`, { headers: token ? { authorization: `Bearer ${token}` } : {}, credentials: 'include' });
};

/** GET /api/me/statements/{year}.pdf with the bearer token (a plain link would not carry it), offered as a file. */
export async function downloadStatement(year: number): Promise<void> {
  let response = await fetchPdf(year);
  if (response.status === 401 && (await refreshAccessToken())) response = await fetchPdf(year);
  if (!response.ok) throw new ApiError('The statement could not be downloaded. Please try again.', response.status);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = `pledgeway-giving-statement-${year}.pdf`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
