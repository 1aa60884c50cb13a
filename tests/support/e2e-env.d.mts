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
  week: {
    port: number;
    backendPort: number;
    mailHttpPort: number;
    smtpPort: number;
    lotteryPort: number;
    baseUrl: string;
    apiUrl: string;
    lotteryUrl: string;
  };
  admin: { email: string; username: string; password: string };
  sessionSecret: string;
};
