import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type AdminMessagesQueryInput, AdminMessagesResponse } from '@pledgeway/domain/schemas/admin';
import { api } from '@/lib/api-client';
import { queryString } from '../lib/query-string';
import { queryKeys } from '@/lib/query-keys';

export const getMessages = (query: AdminMessagesQueryInput, signal?: AbortSignal) =>
  api.get(AdminMessagesResponse, `/admin/messages${queryString(query)}`, signal).then((response) => response.data);

export const messagesQuery = (query: AdminMessagesQueryInput) =>
  queryOptions({ queryKey: queryKeys.admin.messages.list(query), queryFn: ({ signal }) => getMessages(query, signal), placeholderData: keepPreviousData });

export const useMessages = (query: AdminMessagesQueryInput) => useQuery(messagesQuery(query));
