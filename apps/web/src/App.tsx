/**
 * Application root: antd ConfigProvider (zh_CN locale, empty text '暂无相关数据！', the primary colour
 * and size of this browser's UI settings — store/settings.ts, SPEC §9 theme default #409EFF, the font
 * size switcher's default/medium/small/mini), antd App (message/notification durations of SPEC §9),
 * TanStack Query, the router and the auth context.
 */
import { useEffect, useMemo } from 'react';
import { App as AntApp, ConfigProvider, Empty, type ThemeConfig } from 'antd';
// The ES build of the locale (antd/locale/zh_CN is CommonJS and drags in CommonJS copies of the picker locales).
import zhCN from 'antd/es/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { AuthProvider } from './store/auth';
import { AppRoutes } from './router';
import { FeedbackBinder } from './components/FeedbackBinder';
import { MESSAGE_SECONDS, NOTICE_SECONDS } from './utils/feedback';
import { SIZE_PRESETS, useSetting } from './store/settings';

dayjs.locale('zh-cn');

export const EMPTY_TEXT = '暂无相关数据！';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 0 },
    mutations: { retry: false },
  },
});

function renderEmpty() {
  return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={EMPTY_TEXT} />;
}

export default function App() {
  const colorPrimary = useSetting('theme');
  const size = useSetting('size');
  const preset = SIZE_PRESETS[size];
  const theme = useMemo<ThemeConfig>(
    () => ({ token: { colorPrimary, fontSize: preset.fontSize, controlHeight: preset.controlHeight } }),
    [colorPrimary, preset],
  );
  // The same colour for the app's own CSS (styles.css: var(--kp-primary)).
  useEffect(() => {
    document.documentElement.style.setProperty('--kp-primary', colorPrimary);
  }, [colorPrimary]);

  return (
    <ConfigProvider locale={zhCN} renderEmpty={renderEmpty} button={{ autoInsertSpace: false }} theme={theme} componentSize={preset.componentSize}>
      <AntApp message={{ duration: MESSAGE_SECONDS, maxCount: 3 }} notification={{ duration: NOTICE_SECONDS, maxCount: 3 }}>
        <FeedbackBinder />
        <QueryClientProvider client={queryClient}>
          <BrowserRouter>
            <AuthProvider>
              <AppRoutes />
            </AuthProvider>
          </BrowserRouter>
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
