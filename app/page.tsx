import { redirect } from 'next/navigation';

/** The product's front door is the dashboard; the dashboard layout sends signed-out visitors to /login. */
export default function HomePage(): never {
  redirect('/overview');
}
