/**
 * The exam form's camera settings shown when 摄像头抓拍 (camOn) is on (issue 12): 抓拍间隔（分钟）
 * camInterval 1–120, and 人脸识别失败次数 faceChance 1–10 — consecutive failed captures after which
 * the server hands the paper in ('连续N次人脸识别失败，系统强制交卷！').
 */
import { Form, InputNumber } from 'antd';

export function CameraFields() {
  return (
    <>
      <Form.Item name="camInterval" label="抓拍间隔（分钟）">
        <InputNumber min={1} max={120} precision={0} style={{ width: 120 }} data-testid="exam-cam-interval" />
      </Form.Item>
      <Form.Item name="faceChance" label="人脸识别失败次数" tooltip="连续识别失败达到该次数，系统强制交卷">
        <InputNumber min={1} max={10} precision={0} style={{ width: 120 }} data-testid="exam-face-chance" />
      </Form.Item>
    </>
  );
}
