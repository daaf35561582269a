/** ADMIN pages ask for the clinic admin token in place (features/admin). */
export { AdminTokenGate } from '@/features/admin';
