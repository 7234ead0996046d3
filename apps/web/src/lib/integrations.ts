import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ApiKeyCreatedResponse,
  type ApiKeyRequestInput,
  ApiKeyRevokedResponse,
  ApiKeysResponse,
  WebhookActionResponse,
  WebhookDeliveriesResponse,
  type WebhookEndpointRequestInput,
  WebhookEndpointResponse,
  WebhookEndpointSecretResponse,
  WebhookEndpointsResponse,
} from '@pledgeway/domain/schemas/integrations';
import { api } from '@/lib/api-client';

const keys = {
  apiKeys: ['integrations', 'api-keys'] as const,
  endpoints: (charityId?: string) => ['integrations', 'webhook-endpoints', charityId ?? 'host'] as const,
  deliveries: (id: string) => ['integrations', 'webhook-deliveries', id] as const,
};

/** Whose endpoints: the signed-in host's own, or a charity's they represent (`?charity_id=`). */
const owner = (charityId?: string) => (charityId ? `?charity_id=${charityId}` : '');

export function useApiKeys() {
  return useQuery({ queryKey: keys.apiKeys, queryFn: ({ signal }) => api.get(ApiKeysResponse, '/api-keys', signal) });
}

export function useCreateApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiKeyRequestInput) => api.post(ApiKeyCreatedResponse, '/api-keys', body),
    onSuccess: () => void client.invalidateQueries({ queryKey: keys.apiKeys }),
  });
}

export function useRevokeApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(ApiKeyRevokedResponse, `/api-keys/${id}`),
    onSuccess: () => void client.invalidateQueries({ queryKey: keys.apiKeys }),
  });
}

export function useWebhookEndpoints(charityId?: string) {
  return useQuery({
    queryKey: keys.endpoints(charityId),
    queryFn: ({ signal }) => api.get(WebhookEndpointsResponse, `/webhooks/endpoints${owner(charityId)}`, signal),
  });
}

export function useCreateEndpoint(charityId?: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: WebhookEndpointRequestInput) => api.post(WebhookEndpointSecretResponse, `/webhooks/endpoints${owner(charityId)}`, body),
    onSuccess: () => void client.invalidateQueries({ queryKey: keys.endpoints(charityId) }),
  });
}

/** Rotate, test, turn on/off, delete, send again: each refreshes the list and the endpoint's log. */
export function useEndpointAction(endpointId: string, charityId?: string) {
  const client = useQueryClient();
  const at = (path = '') => `/webhooks/endpoints/${endpointId}${path}${owner(charityId)}`;
  const refresh = () => {
    void client.invalidateQueries({ queryKey: keys.endpoints(charityId) });
    void client.invalidateQueries({ queryKey: keys.deliveries(endpointId) });
  };
  return {
    rotate: useMutation({
      mutationFn: () => api.post(WebhookEndpointSecretResponse, at('/rotate-secret')),
      onSuccess: refresh,
    }),
    test: useMutation({ mutationFn: () => api.post(WebhookActionResponse, at('/test')), onSuccess: refresh }),
    toggle: useMutation({
      mutationFn: (enabled: boolean) => api.patch(WebhookEndpointResponse, at(), { enabled }),
      onSuccess: refresh,
    }),
    remove: useMutation({ mutationFn: () => api.delete(WebhookActionResponse, at()), onSuccess: refresh }),
    redeliver: useMutation({
      mutationFn: (deliveryId: string) => api.post(WebhookActionResponse, at(`/deliveries/${deliveryId}/redeliver`)),
      onSuccess: refresh,
    }),
  };
}

/** The endpoint's delivery log, read again every 5 s while it is open (attempts land in the background). */
export function useDeliveries(endpointId: string, open: boolean, charityId?: string) {
  return useQuery({
    queryKey: keys.deliveries(endpointId),
    queryFn: ({ signal }) => api.get(WebhookDeliveriesResponse, `/webhooks/endpoints/${endpointId}/deliveries${owner(charityId)}`, signal),
    enabled: open,
    refetchInterval: open ? 5_000 : false,
  });
}
