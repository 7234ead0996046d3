import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type AdminAuditQueryInput, AdminAuditResponse } from '@pledgeway/domain/schemas/admin';
import { api } from '@/lib/api-client';
import { queryString } from '../lib/query-string';
import { queryKeys } from '@/lib/query-keys';

export const getAudit = (query: AdminAuditQueryInput, signal?: AbortSignal) =>
  api.get(AdminAuditResponse, `/admin/audit${queryString(query)}`, signal).then((response) => response.data);

export const auditQuery = (query: AdminAuditQueryInput) =>
  queryOptions({ queryKey: queryKeys.admin.audit(query), queryFn: ({ signal }) => getAudit(query, signal), placeholderData: keepPreviousData });

export const useAudit = (query: AdminAuditQueryInput) => useQuery(auditQuery(query));
