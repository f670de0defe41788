import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createBarcodeReader } from '../barcode-reader';

type CameraStatus = 'starting' | 'scanning' | 'denied' | 'unavailable';

const DETECT_INTERVAL_MS = 150;

export interface CameraViewProps {
  /** Called with each barcode read while not paused. */
  onCode(code: string): void;
  paused: boolean;
}

/**
 * The back camera (`getUserMedia`) and a barcode reader looking at its picture a few times a
 * second; the camera stops when the view leaves.
 */
export function CameraView({ onCode, paused }: CameraViewProps) {
  const { t } = useTranslation();
  const videoRef = useRef<HTMLVideoElement>(null);
  const [status, setStatus] = useState<CameraStatus>('starting');
  const onCodeRef = useRef(onCode);
  const pausedRef = useRef(paused);
  useEffect(() => {
    onCodeRef.current = onCode;
    pausedRef.current = paused;
  });

  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const video = videoRef.current;
    const start = async () => {
      if (!video || !navigator.mediaDevices?.getUserMedia) {
        setStatus('unavailable');
        return;
      }
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: 'environment' },
          audio: false,
        });
      } catch (error) {
        setStatus((error as Error).name === 'NotAllowedError' ? 'denied' : 'unavailable');
        return;
      }
      if (stopped) return;
      video.srcObject = stream;
      const reader = await createBarcodeReader();
      await video.play();
      if (stopped) return;
      setStatus('scanning');
      const tick = async () => {
        if (stopped) return;
        if (!pausedRef.current && video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA) {
          const [code] = await reader.detect(video);
          if (code && !stopped && !pausedRef.current) onCodeRef.current(code);
        }
        timer = setTimeout(() => void tick().catch(() => setStatus('unavailable')), DETECT_INTERVAL_MS);
      };
      await tick();
    };
    start().catch(() => {
      if (!stopped) setStatus('unavailable');
    });
    return () => {
      stopped = true;
      clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, []);

  const failed = status === 'denied' || status === 'unavailable';
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      {failed ? (
        <Alert severity="warning" role="alert">
          {t(status === 'denied' ? 'scanner.denied' : 'scanner.unavailable')}
        </Alert>
      ) : (
        <Typography variant="body2" role="status">
          {t(status === 'starting' ? 'scanner.starting' : 'scanner.aim')}
        </Typography>
      )}
      <Box
        component="video"
        ref={videoRef}
        muted
        playsInline
        aria-label={t('scanner.video')}
        sx={{
          display: failed ? 'none' : 'block',
          width: '100%',
          maxHeight: 280,
          objectFit: 'cover',
          bgcolor: 'grey.900',
          borderRadius: 1,
          opacity: paused ? 0.4 : 1,
        }}
      />
    </Box>
  );
}
