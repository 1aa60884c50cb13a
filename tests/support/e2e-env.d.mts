export const E2E: {
  port: number;
  backendPort: number;
  mailHttpPort: number;
  smtpPort: number;
  lotteryPort: number;
  vnuPort: number;
  baseUrl: string;
  apiUrl: string;
  vnuUrl: string;
  admin: { email: string; username: string; password: string };
  sessionSecret: string;
};
