import { KeyOutlined } from '@ant-design/icons';
import { MOBILE_RULE, type RouteDef, USER_TYPE_LABELS, type UserType } from '@peis/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Flex, Form, Input, Result, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../app/http';
import { AvatarUploader } from '../../components/uploaders/avatar-uploader';
import { leftoverMessage } from '../../resource-ui/resource-api';
import { ME_QUERY_KEY } from '../auth/auth-api';
import { applyFieldErrors, fetchProfile, type Profile, saveProfile } from './admin-api';

const PROFILE_KEY = ['profile'] as const;
const MOBILE = new RegExp(MOBILE_RULE.regex);

type ProfileValues = Pick<Profile, 'name' | 'phone' | 'avatar'>;

/** /main/settings/user: 个人设置 — one's own name, mobile and avatar (PUT /profile with the version); 修改密码. */
export default function ProfilePage({ route }: { route: RouteDef }) {
  const navigate = useNavigate();
  const profile = useQuery({ queryKey: PROFILE_KEY, queryFn: ({ signal }) => fetchProfile(signal), gcTime: 0 });
  let body: ReactNode;
  if (profile.isError) {
    body = (
      <Result
        status="warning"
        title="个人资料加载失败"
        extra={<Button onClick={() => profile.refetch()}>重试</Button>}
      />
    );
  } else if (!profile.data) {
    body = <Skeleton active paragraph={{ rows: 6 }} />;
  } else {
    // A fresh form per loaded version: after a save or a 409 the form shows what the server holds.
    body = <ProfileForm key={profile.data.version} profile={profile.data} onStale={() => profile.refetch()} />;
  }
  return (
    <Card
      title={route.title}
      style={{ maxWidth: 720 }}
      extra={
        <Button icon={<KeyOutlined />} onClick={() => navigate('/main/password')} data-testid="profile-password">
          修改密码
        </Button>
      }
    >
      {body}
    </Card>
  );
}

function ProfileForm({ profile, onStale }: { profile: Profile; onStale: () => void }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<ProfileValues>();
  const save = useMutation({
    mutationFn: (v: ProfileValues) =>
      saveProfile({
        name: v.name.trim(),
        phone: v.phone?.trim() || null,
        avatar: v.avatar || null,
        version: profile.version,
      }),
    onSuccess: (answer) => {
      message.success(answer?.msg || '保存成功');
      void queryClient.invalidateQueries({ queryKey: PROFILE_KEY });
      // The header shows the name from /api/me.
      void queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
    },
    onError: (e) => {
      if (e instanceof ApiError && e.status === 409) {
        message.error('个人资料已在别处修改，已重新加载，请确认后再保存');
        onStale();
        return;
      }
      if (applyFieldErrors(form, e, ['name', 'phone', 'avatar'])) return;
      const text = leftoverMessage(e);
      if (text) message.error(text);
    },
  });
  const userType = USER_TYPE_LABELS[profile.userType as UserType] ?? '';
  // The role once: its account type is added only when the role's name does not already say it.
  const role =
    !userType || profile.roleName.includes(userType) ? profile.roleName : `${profile.roleName}（${userType}）`;
  return (
    <Form<ProfileValues>
      form={form}
      layout="horizontal"
      labelCol={{ flex: '96px' }}
      initialValues={{ name: profile.name, phone: profile.phone ?? '', avatar: profile.avatar }}
      onFinish={(v) => save.mutate(v)}
      disabled={save.isPending}
      data-testid="profile-form"
    >
      <Form.Item label="头像" name="avatar">
        <AvatarUploader />
      </Form.Item>
      <Form.Item label="用户名">
        <Input value={profile.username} disabled data-testid="profile-username" />
      </Form.Item>
      <Form.Item
        label="姓名"
        name="name"
        rules={[
          { required: true, whitespace: true, message: '必填项' },
          { max: 30, message: '姓名不能超过30个字' },
        ]}
      >
        <Input maxLength={30} placeholder="请输入姓名" data-testid="profile-name" />
      </Form.Item>
      <Form.Item label="手机号码" name="phone" rules={[{ pattern: MOBILE, message: MOBILE_RULE.message }]}>
        <Input maxLength={11} placeholder="请输入手机号码" data-testid="profile-phone" />
      </Form.Item>
      <Form.Item label="角色">
        <Input value={role} disabled data-testid="profile-role" />
      </Form.Item>
      <Form.Item label="单位">
        <Input value={profile.unitName ?? '全公司'} disabled />
      </Form.Item>
      <Flex justify="flex-end">
        <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="profile-save">
          保存
        </Button>
      </Flex>
    </Form>
  );
}
