import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  ApiKeyCreatedResponse,
  ApiKeyRequestInput,
  ApiKeyRevokedResponse,
  ApiKeysResponse,
  WebhookActionResponse,
  WebhookDeliveriesResponse,
  WebhookEndpointRequestInput,
  WebhookEndpointResponse,
  WebhookEndpointSecretResponse,
  WebhookEndpointsResponse,
} from '@pledgeway/domain/schemas/integrations';
import { api } from '@/lib/api-client';

type Out<T extends z.ZodType> = z.infer<T>;

const keys = {
  apiKeys: ['integrations', 'api-keys'] as const,
  endpoints: ['integrations', 'webhook-endpoints'] as const,
  deliveries: (id: string) => ['integrations', 'webhook-deliveries', id] as const,
};

export function useApiKeys() {
  return useQuery({ queryKey: keys.apiKeys, queryFn: ({ signal }) => api.get<Out<typeof ApiKeysResponse>>('/api-keys', signal) });
}

export function useCreateApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiKeyRequestInput) => api.post<Out<typeof ApiKeyCreatedResponse>>('/api-keys', body),
    onSuccess: () => void client.invalidateQueries({ queryKey: keys.apiKeys }),
  });
}

export function useRevokeApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<Out<typeof ApiKeyRevokedResponse>>(`/api-keys/${id}`),
    onSuccess: () => void client.invalidateQueries({ queryKey: keys.apiKeys }),
  });
}

export function useWebhookEndpoints() {
  return useQuery({ queryKey: keys.endpoints, queryFn: ({ signal }) => api.get<Out<typeof WebhookEndpointsResponse>>('/webhooks/endpoints', signal) });
}

export function useCreateEndpoint() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: WebhookEndpointRequestInput) => api.post<Out<typeof WebhookEndpointSecretResponse>>('/webhooks/endpoints', body),
    onSuccess: () => void client.invalidateQueries({ queryKey: keys.endpoints }),
  });
}

/** Rotate, test, turn on/off, delete, send again: each refreshes the list and the endpoint's log. */
export function useEndpointAction(endpointId: string) {
  const client = useQueryClient();
  const refresh = () => {
    void client.invalidateQueries({ queryKey: keys.endpoints });
    void client.invalidateQueries({ queryKey: keys.deliveries(endpointId) });
  };
  return {
    rotate: useMutation({
      mutationFn: () => api.post<Out<typeof WebhookEndpointSecretResponse>>(`/webhooks/endpoints/${endpointId}/rotate-secret`),
      onSuccess: refresh,
    }),
    test: useMutation({ mutationFn: () => api.post<Out<typeof WebhookActionResponse>>(`/webhooks/endpoints/${endpointId}/test`), onSuccess: refresh }),
    toggle: useMutation({
      mutationFn: (enabled: boolean) => api.patch<Out<typeof WebhookEndpointResponse>>(`/webhooks/endpoints/${endpointId}`, { enabled }),
      onSuccess: refresh,
    }),
    remove: useMutation({ mutationFn: () => api.delete<Out<typeof WebhookActionResponse>>(`/webhooks/endpoints/${endpointId}`), onSuccess: refresh }),
    redeliver: useMutation({
      mutationFn: (deliveryId: string) => api.post<Out<typeof WebhookActionResponse>>(`/webhooks/endpoints/${endpointId}/deliveries/${deliveryId}/redeliver`),
      onSuccess: refresh,
    }),
  };
}

/** The endpoint's delivery log, read again every 5 s while it is open (attempts land in the background). */
export function useDeliveries(endpointId: string, open: boolean) {
  return useQuery({
    queryKey: keys.deliveries(endpointId),
    queryFn: ({ signal }) => api.get<Out<typeof WebhookDeliveriesResponse>>(`/webhooks/endpoints/${endpointId}/deliveries`, signal),
    enabled: open,
    refetchInterval: open ? 5_000 : false,
  });
}
